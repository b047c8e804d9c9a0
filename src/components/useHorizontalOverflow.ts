// Whether an element's content is wider than the element, kept up to date as either changes
// size. A table that scrolls sideways must say so and be reachable by keyboard.
import { useEffect, useState, type RefObject } from 'react';

export function useHorizontalOverflow(ref: RefObject<HTMLElement>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    // jsdom (unit tests) has no layout and no ResizeObserver.
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
