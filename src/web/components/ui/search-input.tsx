import { useEffect, useId, useRef, useState } from "react";
import { SearchIcon } from "./icons.tsx";

/** The search pause, 250 ms on admin categories and coupons, 300 ms elsewhere. */
export const SEARCH_PAUSE_MS = {
  categories: 250,
  coupons: 250,
  products: 300,
  dishes: 300,
} as const;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type Props = {
  label: string;
  /** Called with the trimmed text once typing pauses for `delay` ms (and at once on clear). */
  onSearch: (text: string) => void;
  delay: number;
  initialValue?: string;
  placeholder?: string;
};

/** A labelled search box that waits for a pause in typing before it asks the server. */
export function SearchInput({ label, onSearch, delay, initialValue = "", placeholder }: Props) {
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const settled = useDebouncedValue(value.trim(), delay);
  const last = useRef(initialValue.trim());
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (settled === last.current) return;
    last.current = settled;
    onSearchRef.current(settled);
  }, [settled]);

  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        className="field ps-9"
        value={value}
        placeholder={placeholder ?? label}
        onChange={(event) => {
          setValue(event.target.value);
          if (event.target.value.trim() === "" && last.current !== "") {
            last.current = "";
            onSearchRef.current("");
          }
        }}
        data-testid="table-search"
      />
    </div>
  );
}
