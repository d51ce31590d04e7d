import type { Finder } from '@mailhound/finder';

// A finder whose answers (find and verify) are held once it has them, until `release`:
// what a test does meanwhile happens between a lookup's start and its settlement, as while
// a slow mail server is still answering. `answered` resolves when the first answer is held.
export function heldFinder(finder: Finder) {
  const answered = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  const hold = async <T>(result: T): Promise<T> => {
    answered.resolve();
    await released.promise;
    return result;
  };
  const held: Finder = {
    ...finder,
    find: async (input, options) => hold(await finder.find(input, options)),
    verify: async (email, options) => hold(await finder.verify(email, options)),
  };
  return { finder: held, answered: answered.promise, release: () => released.resolve() };
}
