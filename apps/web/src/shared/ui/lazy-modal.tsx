import { type ComponentType, lazy, Suspense, useState } from 'react';

// A modal whose code loads the first time it opens, so that a screen showing it only on demand
// does not carry it (nor Mantine's modal) in its first page. Once loaded it stays mounted, so
// that closing it still plays its transition.
export function lazyModal<Props extends { opened: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: Props) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
