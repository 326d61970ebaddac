import { Box, Grid, HStack, Skeleton, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** How much of a phone's height the pinned preview takes, leaving the rest to the controls. */
export const PREVIEW_HEIGHT_ON_PHONES = "40vh";

interface StudioLayoutProps {
  /** The 600×600 preview (and what is said under it). */
  preview: ReactNode;
  /** Add to Cart, Download and Reset Design. */
  actions: ReactNode;
  /** The Product, Text and Design tabs. */
  tabs: ReactNode;
}

/**
 * The studio's places. Phones: one column, the preview pinned under the header while the controls
 * scroll, so every change is seen as it is made. Wide screens: the preview and its buttons beside
 * the tabs. The gateway's page and the studio share it, so nothing moves when the studio starts.
 */
export function StudioLayout({ preview, actions, tabs }: StudioLayoutProps) {
  return (
    <Box
      display={{ base: "flex", lg: "grid" }}
      flexDirection="column"
      gridTemplateColumns="minmax(0, 600px) minmax(0, 1fr)"
      gridTemplateRows="auto 1fr"
      gridTemplateAreas={`"preview tabs" "actions tabs"`}
      columnGap="10"
      rowGap={{ base: "4", lg: "5" }}
      alignItems={{ lg: "start" }}
    >
      <Box
        gridArea="preview"
        position={{ base: "sticky", lg: "static" }}
        top={{ base: "16", lg: "auto" }}
        zIndex={{ base: "docked", lg: "auto" }}
        bg="bg"
        py={{ base: "2", lg: "0" }}
      >
        <Box maxWidth={{ base: `min(100%, ${PREVIEW_HEIGHT_ON_PHONES})`, lg: "full" }} marginInline="auto">
          {preview}
        </Box>
      </Box>
      <Box gridArea="actions">{actions}</Box>
      <Box gridArea="tabs" mt={{ base: "2", lg: "0" }} minWidth="0">
        {tabs}
      </Box>
    </Box>
  );
}

/**
 * The studio before it starts (the design is this tab's own, in sessionStorage, so the gateway's
 * page cannot draw it): each part's place at the size it will have.
 */
export function StudioSkeleton() {
  return (
    <Box role="status" aria-label="Loading the design studio">
      <StudioLayout
        preview={
          // DesignCanvas: a square of at most 600 px with a 1 px border.
          <Skeleton aspectRatio="1" width="full" maxWidth="600px" marginInline="auto" borderRadius="lg" />
        }
        actions={
          // StudioActions: three large buttons (44 px), Add to Cart on a row of its own on phones.
          <Grid templateColumns={{ base: "1fr 1fr", sm: "minmax(0, 1fr) 9.5rem 11rem" }} gap="3">
            <Skeleton height="11" borderRadius="md" gridColumn={{ base: "span 2", sm: "auto" }} />
            <Skeleton height="11" borderRadius="md" />
            <Skeleton height="11" borderRadius="md" />
          </Grid>
        }
        tabs={
          <>
            {/* The tab list (40 px high, its line under it), then the Product tab's loading state. */}
            <HStack gap="6" height="10" borderBottomWidth="1px" px="4">
              <Skeleton height="4" width="14" />
              <Skeleton height="4" width="10" />
              <Skeleton height="4" width="14" />
            </HStack>
            <Stack gap="3" pt="6">
              <Skeleton height="4" width="24" />
              <Skeleton height="10" />
              <Skeleton height="24" />
            </Stack>
          </>
        }
      />
    </Box>
  );
}
