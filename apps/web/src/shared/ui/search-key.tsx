import {
  CONTACT_LIST_SEARCH_DEBOUNCE_MS,
  CONTACT_LIST_SEARCH_MIN_CHARS,
  SEARCH_KEY_MAX,
} from '@mailhound/contracts';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type Ref, useState } from 'react';

// The mail screens' searches (contact lists, a list's contacts, campaigns, sender list):
// api-spec §9, from 2 characters, 500 ms after the last key press; product-spec §5 "Search
// name" caps the key at 30.

export function searchKey(text: string): string {
  const key = text.trim();
  return key.length >= CONTACT_LIST_SEARCH_MIN_CHARS ? key : '';
}

// What is typed, and the key searched once the typing has paused.
export function useSearchKey() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, CONTACT_LIST_SEARCH_DEBOUNCE_MS);
  return { text, setText, key: searchKey(debounced) };
}

// The page of a searched table: a new search starts on its first page.
export function useSearchedPage(key: string) {
  const [page, setPage] = useState(1);
  const [searchedKey, setSearchedKey] = useState(key);
  if (searchedKey !== key) {
    setSearchedKey(key);
    setPage(1);
  }
  return [page, setPage] as const;
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
