import {
  CONTACT_LIST_SEARCH_DEBOUNCE_MS,
  CONTACT_LIST_SEARCH_MIN_CHARS,
  SEARCH_KEY_MAX,
} from '@mailhound/contracts';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type Ref, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// The mail screens' searches (contact lists, a list's contacts, campaigns, sender list,
// Do-not-email): api-spec §9, from 2 characters, 500 ms after the last key press; product-spec §5
// "Search name" caps the key at 30.
//
// The key searched and the table's page live in the address (?key=…&page=…), as the Unibox's
// filters do, so a reload or Back shows the same rows. A key written by typing replaces the
// address (Back does not step through each pause); turning a page adds one. Page 1 and an empty
// key leave the address; a key or page the screen cannot use reads as none.

const keyParam = 'key';
const pageParam = 'page';

export function searchKey(text: string): string {
  const key = text.trim();
  return key.length >= CONTACT_LIST_SEARCH_MIN_CHARS ? key : '';
}

function keyFrom(value: string | null): string {
  const key = searchKey(value ?? '');
  return key.length <= SEARCH_KEY_MAX ? key : '';
}

export function pageFrom(value: string | null): number {
  const page = Number(value);
  return value !== null && Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

// The address with one parameter changed; null or '' takes it out.
export function withParam(
  params: URLSearchParams,
  name: string,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

// What is typed, and the key searched: the address's, which follows the typing once it pauses.
// A new key starts on the table's first page.
export function useSearchKey() {
  const [params, setParams] = useSearchParams();
  const key = keyFrom(params.get(keyParam));
  const [text, setText] = useState(key);
  const [debounced] = useDebouncedValue(text, CONTACT_LIST_SEARCH_DEBOUNCE_MS);
  // Back or a link changes the key in the address: the field shows it.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    if (searchKey(text) !== key) setText(key);
  }
  const typed = debounced === text ? searchKey(debounced) : key;
  useEffect(() => {
    if (typed === key) return;
    setParams((current) => withParam(withParam(current, keyParam, typed), pageParam, null), {
      replace: true,
    });
  }, [typed, key, setParams]);
  return { text, setText, key };
}

// The page of a searched table, from the address (a new key takes the page out of it, see
// useSearchKey). A page fitted to the answer while rendering (fitPageToAnswer, with replace) is
// shown at once and written to the address after the render; a page turned by the user adds an
// entry to the history. The key argument is no longer needed (the key's change resets the
// page in the address); it is accepted so that callers written before stay valid.
export function useSearchedPage(_key?: string) {
  const [params, setParams] = useSearchParams();
  const asked = pageFrom(params.get(pageParam));
  const [fitted, setFitted] = useState<{ from: number; to: number } | null>(null);
  const page = fitted !== null && fitted.from === asked ? fitted.to : asked;
  useEffect(() => {
    if (fitted === null) return;
    // Once the address has the fitted page, the fitting is done.
    if (fitted.from !== asked) setFitted(null);
    else
      setParams((current) => withParam(current, pageParam, pageValue(fitted.to)), {
        replace: true,
      });
  }, [fitted, asked, setParams]);
  const setPage = useCallback(
    (next: number, options?: { replace: boolean }) => {
      if (options?.replace) setFitted({ from: asked, to: next });
      else setParams((current) => withParam(current, pageParam, pageValue(next)));
    },
    [asked, setParams],
  );
  return [page, setPage] as const;
}

export type TableSort<Column extends string> = { column: Column; order: 'asc' | 'desc' };

// A table's sort in the address (?sort={column}&order=asc|desc); none (the server's order) when
// either is missing or not one the table offers. A new sort adds a history entry.
export function useSortParams<Column extends string>(columns: readonly Column[]) {
  const [params, setParams] = useSearchParams();
  const column = columns.find((one) => one === params.get('sort'));
  const order = params.get('order');
  const sort: TableSort<Column> | null =
    column !== undefined && (order === 'asc' || order === 'desc') ? { column, order } : null;
  const setSort = (next: TableSort<Column>) =>
    setParams((current) => withParam(withParam(current, 'sort', next.column), 'order', next.order));
  return [sort, setSort] as const;
}

function pageValue(page: number): string | null {
  return page === 1 ? null : String(page);
}

export function SearchKeyInput(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextInput
      ref={props.ref}
      aria-label={props.label}
      placeholder="Search"
      maxLength={SEARCH_KEY_MAX}
      leftSection={<IconSearch size={16} />}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      w={320}
    />
  );
}
