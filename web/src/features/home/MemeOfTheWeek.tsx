import { AspectRatio, Badge, Box, Button, Container, Grid, Heading, HStack, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { ProductImage } from "../../components/ProductImage";
import { EmptyState, ErrorState } from "../../components/StateMessage";
import { HomeFeaturedMemeDocument } from "../../gql/graphql";
import { SectionHeading } from "./SectionHeading";

export function MemeOfTheWeek() {
  const { data, loading, error } = useQuery(HomeFeaturedMemeDocument);
  const meme = data?.featuredMeme ?? null;
  return (
    <Box as="section" aria-labelledby="home-meme" py={{ base: "12", md: "16" }}>
      <Container maxW="5xl" px={{ base: "4", md: "6" }}>
        <SectionHeading id="home-meme" title="Meme of the Week" subtitle="This week's finest, ready to print on something you can wear." />
        {error ? (
          <ErrorState title="Error loading featured meme" description="Failed to fetch featured meme" />
        ) : loading ? (
          <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="8" aria-busy="true" aria-label="Loading the meme of the week" role="status">
            <AspectRatio ratio={1}>
              <Skeleton borderRadius="lg" />
            </AspectRatio>
            <Stack gap="4" justify="center">
              <Skeleton height="8" width="70%" />
              <SkeletonText noOfLines={3} />
            </Stack>
          </Grid>
        ) : !meme ? (
          <EmptyState title="No featured meme available at this time." />
        ) : (
          <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap={{ base: "6", md: "10" }} alignItems="center">
            <AspectRatio ratio={1} borderRadius="lg" overflow="hidden" borderWidth="1px" bg="bg.subtle">
              <ProductImage src={meme.imageUrl} alt={`Meme: ${meme.title}`} objectFit="cover" />
            </AspectRatio>
            <Stack gap="4">
              <Heading as="h3" size="2xl">
                {meme.title}
              </Heading>
              <Text color="fg.muted" fontSize="lg">
                {meme.description}
              </Text>
              {meme.tags.length > 0 && (
                <HStack gap="2" wrap="wrap">
                  {meme.tags.map((tag) => (
                    <Badge key={tag} variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </HStack>
              )}
              <HStack gap="3" wrap="wrap" pt="2">
                <Button asChild colorPalette="brand">
                  <Link to={`/customize?meme=${encodeURIComponent(meme.id)}`}>Customize This Meme</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/memes">Browse All Memes</Link>
                </Button>
              </HStack>
            </Stack>
          </Grid>
        )}
      </Container>
    </Box>
  );
}
