import { Box, Button, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from "react";

export interface SortableItem {
  id: string;
  /** What the item is called when announced ("Mugs", "Veto Pen"). */
  label: string;
}

interface SortableListProps<T extends SortableItem> {
  items: readonly T[];
  /** The place of the first item shown, from 1 (a page further down a long list). */
  firstPlace: number;
  /** How many places the whole list has. */
  total: number;
  /** Whether a move is being saved (every handle and button waits). */
  busy: boolean;
  /** What the list holds, for its accessible name ("Collections", "Products of Mugs"). */
  label: string;
  onMove(item: T, place: number): void;
  children(item: T, place: number): ReactNode;
  /** Buttons of a row beside Move up / Move down (Remove…). */
  actions?(item: T): ReactNode;
}

/**
 * A list staff put in order three ways: Move up / Move down; dragging a row by its handle; or by
 * keyboard, the handle taking Space or Enter to pick the row up, the arrow keys (Home, End) to
 * carry it, Space or Enter to drop it there and Escape to put it back, each step said to screen
 * readers. A drop asks for one move (`onMove` with the new place, from 1).
 */
export function SortableList<T extends SortableItem>({ items, firstPlace, total, busy, label, onMove, children, actions }: SortableListProps<T>) {
  const instructionsId = useId();
  const [lifted, setLifted] = useState<{ id: string; at: number } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [armed, setArmed] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const lastPlace = firstPlace + items.length - 1;

  const listRef = useRef<HTMLDivElement>(null);
  // After a move the row's handle keeps the focus, wherever the row went (found by its id once the new order is shown).
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const handles = listRef.current?.querySelectorAll<HTMLButtonElement>("[data-handle-for]") ?? [];
    const handle = [...handles].find((h) => h.dataset.handleFor === refocus);
    if (handle && !handle.disabled) {
      handle.focus();
      setRefocus(null);
    }
  }, [items, busy, refocus]);
  const move = (item: T, place: number) => {
    setRefocus(item.id);
    setAnnouncement(`${item.label} moved to place ${place} of ${total}.`);
    onMove(item, place);
  };

  const handleKey = (event: KeyboardEvent, item: T, place: number) => {
    const key = event.key;
    if (!lifted) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        setLifted({ id: item.id, at: place });
        setAnnouncement(`${item.label} picked up, at place ${place} of ${total}. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`);
      }
      return;
    }
    if (lifted.id !== item.id) return;
    const moveTo = (at: number) => {
      const clamped = Math.min(Math.max(at, firstPlace), lastPlace);
      setLifted({ id: item.id, at: clamped });
      setAnnouncement(`${item.label}: place ${clamped} of ${total}.`);
    };
    if (key === "ArrowUp" || key === "ArrowLeft") moveTo(lifted.at - 1);
    else if (key === "ArrowDown" || key === "ArrowRight") moveTo(lifted.at + 1);
    else if (key === "Home") moveTo(firstPlace);
    else if (key === "End") moveTo(lastPlace);
    else if (key === " " || key === "Enter") {
      const from = items.findIndex((i) => i.id === item.id) + firstPlace;
      setLifted(null);
      if (lifted.at !== from) move(item, lifted.at);
      else setAnnouncement(`${item.label} dropped where it was, at place ${from}.`);
    } else if (key === "Escape" || key === "Tab") {
      setLifted(null);
      setAnnouncement(`Move cancelled: ${item.label} is back at place ${items.findIndex((i) => i.id === item.id) + firstPlace}.`);
    } else return;
    event.preventDefault();
  };

  const drop = (event: DragEvent, target: T, place: number) => {
    event.preventDefault();
    const item = items.find((i) => i.id === dragged);
    setDragged(null);
    setOver(null);
    if (!item || item.id === target.id) return;
    move(item, place);
  };

  return (
    <>
      <Box srOnly id={instructionsId}>Press Space or Enter to pick it up, the arrow keys to move it, Space or Enter to drop it, Escape to cancel.</Box>
      <Box srOnly aria-live="assertive" aria-atomic="true">
        {announcement}
      </Box>
      <Stack as="ol" ref={listRef} aria-label={label} listStyleType="none" gap="2" aria-busy={busy || undefined}>
        {items.map((item, index) => {
          const place = firstPlace + index;
          const carried = lifted?.id === item.id;
          return (
            <Box
              as="li"
              key={item.id}
              draggable={armed === item.id}
              onDragStart={(event: DragEvent) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", item.id);
                setDragged(item.id);
              }}
              onDragOver={(event: DragEvent) => {
                if (!dragged) return;
                event.preventDefault();
                setOver(item.id);
              }}
              onDrop={(event: DragEvent) => drop(event, item, place)}
              onDragEnd={() => {
                setArmed(null);
                setDragged(null);
                setOver(null);
              }}
              borderWidth="1px"
              borderRadius="md"
              bg={carried ? "bg.muted" : "bg.panel"}
              borderColor={over === item.id || carried ? "brand.solid" : undefined}
              outline={over === item.id || carried ? "2px solid" : undefined}
              outlineColor="brand.solid"
              p="2"
            >
              <Stack direction={{ base: "column", sm: "row" }} gap="2" align={{ sm: "center" }}>
                <HStack gap="2" flex="1" minW="0">
                  <IconButton
                    variant="ghost"
                    size="sm"
                    cursor={carried ? "grabbing" : "grab"}
                    aria-label={`Reorder ${item.label}, at place ${place} of ${total}`}
                    aria-describedby={instructionsId}
                    aria-pressed={carried}
                    data-handle-for={item.id}
                    disabled={busy}
                    onKeyDown={(event) => handleKey(event, item, place)}
                    onBlur={() => {
                      if (carried) setLifted(null);
                    }}
                    onPointerDown={() => setArmed(item.id)}
                    onPointerUp={() => setArmed(null)}
                  >
                    <GripVertical aria-hidden="true" />
                  </IconButton>
                  <Box flex="1" minW="0">
                    {children(item, place)}
                  </Box>
                  {carried && lifted.at !== place && (
                    <Text fontSize="sm" fontWeight="semibold" color="brand.fg" flexShrink={0} aria-hidden="true">
                      → place {lifted.at}
                    </Text>
                  )}
                </HStack>
                <HStack gap="1" justify="flex-end" wrap="wrap">
                  <Button size="xs" variant="outline" disabled={busy || place <= 1} onClick={() => move(item, place - 1)} aria-label={`Move up: ${item.label}`}>
                    <ArrowUp aria-hidden="true" /> Move up
                  </Button>
                  <Button size="xs" variant="outline" disabled={busy || place >= total} onClick={() => move(item, place + 1)} aria-label={`Move down: ${item.label}`}>
                    <ArrowDown aria-hidden="true" /> Move down
                  </Button>
                  {actions?.(item)}
                </HStack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </>
  );
}
