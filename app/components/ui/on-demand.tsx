import { cloneElement, useEffect, useState, type ComponentType, type FocusEvent, type HTMLAttributes, type MouseEvent, type ReactElement, type Ref } from "react";

/** What an on-demand control receives besides its own props. */
export type OnDemandProps = {
  /** The trigger the page showed, to wrap in the control's own trigger (a Radix `Trigger asChild`). */
  trigger: ReactElement;
  /** For a control that renders its own copy of the trigger: its ref. */
  triggerRef: (element: HTMLElement | null) => void;
  /** True when the trigger was pressed before the code had loaded: the control opens at once. */
  defaultOpen: boolean;
};

type TriggerProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };
type Module<P> = { default: ComponentType<P & OnDemandProps> };

/** Each control's code is fetched once, whichever trigger asks first; a failed fetch is tried again next time. */
const requests = new Map<() => Promise<unknown>, Promise<unknown>>();
function fetchOnce<T>(load: () => Promise<T>) {
  let request = requests.get(load) as Promise<T> | undefined;
  if (!request) {
    request = load();
    requests.set(load, request);
    request.catch(() => requests.delete(load));
  }
  return request;
}
const prefetch = (load: () => Promise<unknown>) => void fetchOnce(load).catch(() => undefined);

/**
 * A menu or popover whose code a first view does not need (Radix, floating-ui). The page renders the
 * plain `trigger`, which looks and reads the same; pointing at it or focusing it fetches the code, and
 * the loaded control takes the trigger's place when the trigger is focused from the keyboard (focus
 * stays on it) or pressed (the control opens). Without JavaScript the trigger is what it is: a link
 * to a page that does the same, or a button that `<noscript>` content stands in for.
 */
export function OnDemand<P extends object>({
  load,
  trigger,
  props,
  popup,
}: {
  load: () => Promise<Module<P>>;
  trigger: ReactElement<TriggerProps>;
  props: P;
  /** What the trigger opens, for `aria-haspopup` until the control has loaded. */
  popup: "menu" | "dialog";
}) {
  const [state, setState] = useState<{ Control: Module<P>["default"] | null; open: boolean; refocus: boolean }>({ Control: null, open: false, refocus: false });
  const [element, setElement] = useState<HTMLElement | null>(null);

  function swap() {
    fetchOnce(load).then(
      ({ default: Control }) =>
        // A pressed trigger's control opens and takes focus itself; a focused trigger's replacement gets the focus.
        setState((current) => (current.Control ? current : { ...current, Control, refocus: !current.open && document.activeElement === element })),
      // Offline: the trigger stays as it is, and the next press tries again.
      () => setState((current) => ({ ...current, open: false })),
    );
  }

  useEffect(() => {
    // The effect of the swap itself still sees the old trigger; the next one, the new.
    if (!state.refocus || !element?.isConnected) return;
    // Only the focus the swap took away is given back: if something has it now (the control opened by a press that
    // came between the code's arrival and this render, on a busy machine), taking it would close that control.
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === element) element.focus();
    setState({ ...state, refocus: false });
  }, [state, element]);

  const { Control } = state;
  if (Control) return <Control {...props} trigger={cloneElement(trigger, { ref: setElement })} triggerRef={setElement} defaultOpen={state.open} />;
  return cloneElement(trigger, {
    ref: setElement,
    "aria-haspopup": popup,
    "aria-expanded": false,
    onPointerEnter: () => prefetch(load),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      prefetch(load);
      if (event.currentTarget.matches(":focus-visible")) swap();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      // A pressed control opens and takes the focus itself: a refocus the focus's swap asked for is dropped. React may
      // not have rendered that swap yet (the code arrived, then the press), and a refocus landing on the trigger while
      // the control is open is a focus outside it, after which Radix leaves the focus on the body when it closes.
      setState((current) => ({ ...current, open: true, refocus: false }));
      swap();
    },
  });
}
