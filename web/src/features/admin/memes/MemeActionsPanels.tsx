import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import { CircleX, Trophy } from "lucide-react";
import { useState } from "react";
import type { AdminMemeEditor_MemeFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { ConfirmDialog } from "./ConfirmDialog";
import type { ActionOutcome } from "./useMemeMutations";

type Meme = AdminMemeEditor_MemeFragment;

/** "Make meme of the week", behind a confirmation: it replaces the current one on the home page at once. */
export function MemeOfTheWeekPanel({ meme, onFeature, featuring }: { meme: Meme; onFeature(): Promise<ActionOutcome>; featuring: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Panel title="Meme of the week" id="meme-feature">
      {meme.featured ? (
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette="red" variant="solid" size="md">
            <Trophy aria-hidden="true" /> Meme of the week
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            On the home page and in the gallery's Featured tab. Make another meme the meme of the week to replace it.
          </Text>
        </HStack>
      ) : (
        <HStack justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {meme.visible ? "Shows it on the home page and in the gallery's Featured tab, in place of the current one." : "Upload its image first: shoppers see nothing of a meme without one."}
          </Text>
          <Button colorPalette="brand" variant="outline" onClick={() => setOpen(true)} disabled={!meme.visible}>
            <Trophy aria-hidden="true" /> Make meme of the week
          </Button>
        </HStack>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Make “${meme.title}” the meme of the week?`}
        description="It replaces the current meme of the week on the home page and in the gallery's Featured tab, for every shopper, from their next page."
        confirmLabel="Make meme of the week"
        palette="brand"
        busy={featuring}
        onConfirm={onFeature}
      />
    </Panel>
  );
}

/** Delete, behind a confirmation; the meme of the week cannot be deleted (the home page always has one). */
export function DeleteMemePanel({ meme, onDelete, deleting }: { meme: Meme; onDelete(): Promise<ActionOutcome>; deleting: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Panel title="Delete" id="meme-delete">
      <HStack justify="space-between" align="center" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {meme.featured ? "The meme of the week cannot be deleted: make another meme the meme of the week first." : "Removes the meme and its image from the gallery for good."}
        </Text>
        <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)} disabled={meme.featured}>
          <CircleX aria-hidden="true" /> Delete meme
        </Button>
      </HStack>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete “${meme.title}”?`}
        description="It leaves the gallery for good. Orders that name it keep what was printed."
        confirmLabel="Delete meme"
        palette="red"
        busy={deleting}
        onConfirm={onDelete}
      />
    </Panel>
  );
}
