import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";

/** Long enough that a word typed at normal speed costs one server search, short enough to feel live. */
const TYPING_PAUSE_MS = 300;

export type SearchCommit = {
  /** True for Enter or the search button, false when the user paused while typing. */
  submitted: boolean;
};

/**
 * A search box whose text lives in the URL, so every result is a shareable,
 * server-rendered page and the box works as a plain GET form without
 * JavaScript. With JavaScript, the box keeps its own text while the user types
 * (a URL change must not overwrite half a word) and follows the URL otherwise
 * (back/forward, links, Clear all).
 *
 * `current` is the search in the URL; `commit` navigates to a new one. Each new
 * `commit` restarts the wait, like a keystroke does, so pass a stable one
 * (useCallback) that changes only when the URL it builds would.
 */
export function useDebouncedSearch(current: string, commit: (search: string, how: SearchCommit) => void) {
  const [value, setValue] = useState(current);
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setValue(current);
  }, [current]);
  useEffect(() => {
    if (!typing.current) return;
    const timer = setTimeout(() => {
      typing.current = false;
      if (value.trim() !== current) commit(value.trim(), { submitted: false });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, current, commit]);

  return {
    value,
    onChange(event: ChangeEvent<HTMLInputElement>) {
      typing.current = true;
      setValue(event.target.value);
    },
    /** For the surrounding GET form: with JavaScript, navigate in the app instead of reloading the page. */
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      typing.current = false;
      commit(value.trim(), { submitted: true });
    },
  };
}
