import { useParams } from "react-router-dom";
import { CollectionDetail } from "../features/collections/CollectionDetail";
import { CollectionList } from "../features/collections/CollectionList";

/** spec §2: /collections lists the collections, /collections/{handle} shows one (same screen). */
export default function CollectionsRoute() {
  const { handle } = useParams();
  return handle ? <CollectionDetail key={handle} handle={handle} /> : <CollectionList />;
}
