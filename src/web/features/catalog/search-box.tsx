import { useEffect, useId, useRef, useState } from "react";
import { SearchIcon } from "../../components/ui/icons.tsx";
import { useShopParams } from "./use-shop-params.ts";

/** The search applies after a 300 ms pause in typing, trimmed. */
export const SEARCH_PAUSE_MS = 300;

type Props = {
  label: string;
  placeholder: string;
  /** The query parameter: `search` on /shop, `q` on /search. */
  searchKey?: string;
  autoFocus?: boolean;
};

/**
 * A search form whose text lives in the URL. The first update of a typing session adds a
 * history entry and later ones replace it, so Back returns to the state before the search
 * rather than stepping through every letter. Without JavaScript it is a plain GET form.
 */
export function SearchBox({ label, placeholder, searchKey = "search", autoFocus }: Props) {
  const { params, update, pathname } = useShopParams(searchKey);
  const current = params.search;
  const [text, setText] = useState(current);
  const typing = useRef(false);
  const id = useId();

  // Back/forward or a link changed the URL: show its text (unless it is what we typed).
  useEffect(() => {
    setText((typed) => (typed.trim() === current ? typed : current));
  }, [current]);

  const apply = (value: string) => {
    const term = value.trim();
    if (term === current) return;
    update({ search: term }, { replace: typing.current });
    typing.current = true;
  };

  // The latest `apply` (it closes over the current URL) without re-arming the timer on renders.
  const applyLatest = useRef(apply);
  applyLatest.current = apply;

  useEffect(() => {
    if (text.trim() === current) return;
    const timer = setTimeout(() => applyLatest.current(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, current]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some phones' browsers
    <form
      role="search"
      aria-label={label}
      method="get"
      action={pathname}
      className="flex w-full"
      onSubmit={(event) => {
        event.preventDefault();
        apply(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={searchKey}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => {
          typing.current = false;
        }}
        placeholder={placeholder}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the search page exists to type a query
        autoFocus={autoFocus}
        className="field rounded-e-none"
        maxLength={100}
      />
      <button
        type="submit"
        className="rounded-e-lg bg-gold-dark px-3 text-white hover:bg-brown"
        aria-label={label}
      >
        <SearchIcon className="size-5" />
      </button>
    </form>
  );
}
