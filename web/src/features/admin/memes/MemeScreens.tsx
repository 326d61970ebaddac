import { MemeEditorScreen } from "./MemeEditorScreen";
import { MemesScreen } from "./MemesScreen";

/**
 * The gallery's screens under /admin/memes: the list, "new", and a meme's editor. One chunk, loaded
 * when staff first open them, so neither a shopper's visit nor the other admin screens carry them.
 */
export default function MemeScreens({ id }: { id: string | null }) {
  if (id === null) return <MemesScreen />;
  return id === "new" ? <MemeEditorScreen key="new" id={null} /> : <MemeEditorScreen key={id} id={id} />;
}
