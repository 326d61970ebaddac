import { CollectionEditorScreen, NewCollectionScreen } from "./CollectionEditorScreen";
import { CollectionsScreen } from "./CollectionsScreen";

/**
 * The collections' screens under /admin/collections: the list, "new", and a collection's editor.
 * One chunk, loaded when staff first open them.
 */
export default function CollectionScreens({ id }: { id: string | null }) {
  if (id === null) return <CollectionsScreen />;
  return id === "new" ? <NewCollectionScreen /> : <CollectionEditorScreen key={id} id={id} />;
}
