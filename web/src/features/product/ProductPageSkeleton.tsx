import { AspectRatio, Container, Grid, Skeleton, SkeletonText, Stack } from "@chakra-ui/react";

export function ProductPageSkeleton() {
  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }} aria-busy="true" role="status" aria-label="Loading product">
      <Skeleton height="4" width="56" mb="6" />
      <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap={{ base: "6", md: "12" }}>
        <AspectRatio ratio={1}>
          <Skeleton borderRadius="xl" />
        </AspectRatio>
        <Stack gap="4">
          <Skeleton height="6" width="40%" />
          <Skeleton height="10" width="80%" />
          <Skeleton height="8" width="30%" />
          <SkeletonText noOfLines={3} />
          <Skeleton height="12" />
        </Stack>
      </Grid>
    </Container>
  );
}
