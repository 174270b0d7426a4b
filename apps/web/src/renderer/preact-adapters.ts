import { options, type Ref } from 'preact';

/**
 * React Aria copies the events it handles with `{ ...event }` (its `createEventHandler`), which
 * keeps what the event holds as its own, enumerable properties. React's synthetic events hold
 * everything so; the browser's events, which Preact hands over, keep `key`, `target` and the rest
 * as getters of their prototypes, so the copy had none of them (arrow keys and Enter did nothing
 * in a combo box's list). Each event gets its own enumerable getters for those fields, reading
 * the browser's at the moment of the copy (`currentTarget` changes as the event bubbles).
 */
const FIELDS = [
  'type',
  'target',
  'currentTarget',
  'relatedTarget',
  'eventPhase',
  'bubbles',
  'cancelable',
  'defaultPrevented',
  'isTrusted',
  'timeStamp',
  'detail',
  'key',
  'code',
  'keyCode',
  'charCode',
  'which',
  'location',
  'repeat',
  'isComposing',
  'altKey',
  'ctrlKey',
  'metaKey',
  'shiftKey',
  'button',
  'buttons',
  'clientX',
  'clientY',
  'pageX',
  'pageY',
  'screenX',
  'screenY',
  'movementX',
  'movementY',
  'offsetX',
  'offsetY',
  'pointerId',
  'pointerType',
  'width',
  'height',
  'pressure',
  'isPrimary',
  'deltaX',
  'deltaY',
  'deltaMode',
  'data',
  'inputType',
  'touches',
  'changedTouches',
  'targetTouches',
  'clipboardData',
  'dataTransfer',
  'animationName',
  'propertyName',
] as const;

const copyable = new WeakSet<Event>();

/** The browser's getter of `field`, found up the prototype chain. */
function getterOf(event: Event, field: string): (() => unknown) | undefined {
  for (let proto = Object.getPrototypeOf(event); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, field);
    if (descriptor) return descriptor.get;
  }
  return undefined;
}

export function makeEventsCopyable(event: Event): Event {
  if (copyable.has(event)) return event;
  copyable.add(event);
  for (const field of FIELDS) {
    if (Object.prototype.hasOwnProperty.call(event, field)) continue;
    const get = getterOf(event, field);
    if (!get) continue;
    Object.defineProperty(event, field, {
      get: () => get.call(event),
      enumerable: true,
      configurable: true,
    });
  }
  return event;
}

const previous = options.event;
options.event = (event) => makeEventsCopyable(previous ? previous(event) : event);

/**
 * Preact runs `useEffect` callbacks after the next frame; React runs those of an update a click
 * or a key press caused before the browser paints. React Aria counts on that: closing a dialog
 * restores the focus in a frame callback, by which time the page behind must no longer be
 * `inert` (an effect's cleanup). Run after the frame, the cleanup came too late and the focus
 * fell to the page's body. Here effects run once the render's microtasks are done, before the
 * next frame, as React's do.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

/**
 * React DOM focuses an element rendered with `autoFocus` as it mounts; Preact only writes the
 * `autofocus` attribute, which browsers honour when a page loads, not when an element appears.
 * The documents panel's popup-blocked link relies on React's behaviour (React Aria's components
 * do their own focusing and pass no `autoFocus` to the page). Each such element is focused once,
 * when its ref is set, after it is in the page (refs are set at the end of a render), before
 * any effect runs.
 */
const focusedOnMount = new WeakSet<Element>();
type RefTarget = Ref<Element | null>;
const focusingRefs = new WeakMap<object, RefTarget>();

function focusOnMount(element: Element | null): void {
  if (!element || focusedOnMount.has(element)) return;
  focusedOnMount.add(element);
  (element as HTMLElement).focus();
}

const focusingOnly: RefTarget = focusOnMount;

/** The element's own ref, run after the focus; one wrapper per ref, so it stays the same. */
export function focusingRef(original: RefTarget | null | undefined): RefTarget {
  if (!original) return focusingOnly;
  let wrapper = focusingRefs.get(original);
  if (!wrapper) {
    wrapper = (element: Element | null) => {
      focusOnMount(element);
      if (typeof original === 'function') return original(element);
      original.current = element;
      return undefined;
    };
    focusingRefs.set(original, wrapper);
  }
  return wrapper;
}

const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as { autoFocus?: unknown } | null;
  if (typeof vnode.type === 'string' && props?.autoFocus) {
    const node = vnode as unknown as { ref?: RefTarget | null };
    node.ref = focusingRef(node.ref);
  }
  previousVnode?.(vnode);
};
