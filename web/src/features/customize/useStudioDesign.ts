import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { DEFAULT_DESIGN, type DesignState } from "./designState";
import { initialSnapshot, saveDesign, saveUpload, type UploadedImage } from "./designStorage";

/**
 * The studio's design and the shopper's own image, saved to sessionStorage on every change so a
 * reload keeps the work (issue 7). A meme and an uploaded image take each other's place.
 */
export function useStudioDesign() {
  const location = useLocation();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialSnapshot(location.key, params.get("meme")));
  const [design, setDesign] = useState<DesignState>(initial.design);
  const [upload, setUpload] = useState<UploadedImage | null>(initial.upload);
  const [lostUploadName, setLostUploadName] = useState<string | null>(initial.lostUploadName);
  const [uploadKept, setUploadKept] = useState(true);

  useEffect(() => saveDesign(design, location.key), [design, location.key]);
  useEffect(() => {
    // A lost image stays "lost" in storage until the shopper picks another or removes it.
    if (upload === null && lostUploadName !== null) return;
    setUploadKept(saveUpload(upload));
  }, [upload, lostUploadName]);

  const update = useCallback((patch: Partial<DesignState>) => setDesign((current) => ({ ...current, ...patch })), []);

  const chooseMeme = useCallback((memeId: string | null) => {
    setDesign((current) => ({ ...current, memeId }));
    setUpload(null);
    setLostUploadName(null);
  }, []);

  const chooseUpload = useCallback((image: UploadedImage) => {
    setDesign((current) => ({ ...current, memeId: null }));
    setUpload(image);
    setLostUploadName(null);
  }, []);

  const removeImage = useCallback(() => chooseMeme(null), [chooseMeme]);

  /** Issue 7: Reset Design restores every default (and drops the image). */
  const reset = useCallback(() => {
    setDesign({ ...DEFAULT_DESIGN });
    setUpload(null);
    setLostUploadName(null);
  }, []);

  return { design, update, upload, uploadKept, lostUploadName, chooseMeme, chooseUpload, removeImage, reset };
}

export type StudioDesign = ReturnType<typeof useStudioDesign>;
