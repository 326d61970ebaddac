import { useCallback, useEffect, useEffectEvent, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { DEFAULT_DESIGN, type DesignState } from "./designState";
import { initialSnapshot, memeIdFromUrl, saveDesign, saveUpload, type UploadedImage } from "./designStorage";

const MEME_PARAM = "meme";

/**
 * The studio's design and the shopper's own image, saved to sessionStorage on every change so a
 * reload keeps the work. A meme and an uploaded image take each other's place. The URL's
 * ?meme= and the design's meme follow each other (spec §2): a meme named in the URL is drawn, and
 * the meme the shopper picks (or removes) is written back into the address, replacing the entry.
 */
export function useStudioDesign() {
  const [params, setParams] = useSearchParams();
  const urlMeme = memeIdFromUrl(params.get(MEME_PARAM));
  const [initial] = useState(() => initialSnapshot(params.get(MEME_PARAM)));
  const [design, setDesign] = useState<DesignState>(initial.design);
  const [upload, setUpload] = useState<UploadedImage | null>(initial.upload);
  const [lostUploadName, setLostUploadName] = useState<string | null>(initial.lostUploadName);
  const [uploadKept, setUploadKept] = useState(true);

  useEffect(() => saveDesign(design), [design]);
  useEffect(() => {
    // A lost image stays "lost" in storage until the shopper picks another or removes it.
    if (upload === null && lostUploadName !== null) return;
    // Storage is outside React: whether it kept the picture is only known after writing it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUploadKept(saveUpload(upload));
  }, [upload, lostUploadName]);

  const update = useCallback((patch: Partial<DesignState>) => setDesign((current) => ({ ...current, ...patch })), []);

  // A new picture starts at its starting size and place (spec §9).
  const chooseMeme = useCallback((memeId: string | null) => {
    setDesign((current) => (current.memeId === memeId ? current : { ...current, memeId, imageBox: null }));
    setUpload(null);
    setLostUploadName(null);
  }, []);

  const chooseUpload = useCallback((image: UploadedImage) => {
    setDesign((current) => ({ ...current, memeId: null, imageBox: null }));
    setUpload(image);
    setLostUploadName(null);
  }, []);

  const removeImage = useCallback(() => chooseMeme(null), [chooseMeme]);

  // The address changed (Back/Forward, or a link to /customize?meme= while the studio is open): draw its meme.
  useEffect(() => {
    // The address is the router's state, not this hook's: follow it when it changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (urlMeme) chooseMeme(urlMeme);
  }, [urlMeme, chooseMeme]);

  // The design's meme changed: the address says so, so a reload or a shared link opens this design.
  // (Only on that change: a new address is handled above, and must not be overwritten here.)
  // An effect event reads the latest address without making it a reason to run.
  const writeMemeToAddress = useEffectEvent((memeId: string | null) => {
    const inUrl = params.get(MEME_PARAM);
    if (memeId === null ? inUrl === null : inUrl === memeId) return;
    const next = new URLSearchParams(params);
    if (memeId === null) next.delete(MEME_PARAM);
    else next.set(MEME_PARAM, memeId);
    setParams(next, { replace: true });
  });
  const memeId = design.memeId;
  useEffect(() => writeMemeToAddress(memeId), [memeId]);

  /** Reset Design restores every default (and drops the image). */
  const reset = useCallback(() => {
    setDesign({ ...DEFAULT_DESIGN });
    setUpload(null);
    setLostUploadName(null);
  }, []);

  return { design, update, upload, uploadKept, lostUploadName, chooseMeme, chooseUpload, removeImage, reset };
}

export type StudioDesign = ReturnType<typeof useStudioDesign>;
