import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Save } from "lucide-react";

/** Whether anything is unsaved, Discard and Save: kept in view at the bottom of the screen while there is something to save. */
export function SaveBar({ dirty, isNew, saving, onDiscard, createLabel = "Save" }: { dirty: boolean; isNew: boolean; saving: boolean; onDiscard(): void; createLabel?: string }) {
  const pinned = dirty || isNew;
  return (
    <Box
      position={pinned ? "sticky" : "static"}
      bottom="0"
      zIndex="sticky"
      mx={{ base: "-3", md: "0" }}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius={{ md: "lg" }}
      boxShadow={pinned ? "md" : undefined}
      px="4"
      py="3"
    >
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color={dirty ? "fg" : "fg.muted"} fontWeight={dirty ? "medium" : undefined} aria-live="polite">
          {isNew ? "Not saved yet" : dirty ? "Unsaved changes" : "All changes saved"}
        </Text>
        <HStack gap="2">
          {!isNew && (
            <Button variant="ghost" onClick={onDiscard} disabled={!dirty || saving}>
              Discard changes
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={saving}>
            <Save aria-hidden="true" /> {isNew ? createLabel : "Save"}
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
