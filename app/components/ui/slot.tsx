import { Children, cloneElement, type ReactElement, type ReactNode, type Ref } from "react";

type Props = Record<string, unknown> & { children?: ReactNode };

function mergeRefs<T>(...refs: unknown[]) {
  return (node: T) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref && typeof ref === "object") (ref as { current: T }).current = node;
    }
  };
}

/**
 * Renders its only child with these props merged in, for `asChild` (a Button that is a link): the
 * child's props win, except that class names are joined, styles merged, event handlers both run
 * (the child's first) and refs both set. The same rules as Radix's Slot, without its 3 KB.
 */
export function Slot({ children, ...slotProps }: Props) {
  const child = Children.only(children) as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const key in slotProps) {
    const slotValue = slotProps[key];
    const childValue = childProps[key];
    if (slotValue === undefined || childValue === undefined) continue;
    if (key === "className") merged[key] = `${slotValue} ${childValue}`;
    else if (key === "style") merged[key] = { ...(slotValue as object), ...(childValue as object) };
    else if (key === "ref") merged[key] = mergeRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>);
    else if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function")
      merged[key] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
  }
  return cloneElement(child, merged);
}
