/*
 * React gives an error boundary the component stack of a crash (`info.componentStack`), which crash reports
 * carry (spec: POST /api/admin/log-error). Preact gives it only with its debug build, so this hooks Preact's
 * error handler the way that build does (`options.__e`, the mangled `_catchError`; `__` is a vnode's
 * parent) and writes the names of the components from the one that threw up to the root.
 */
import { options, type VNode } from 'preact';

type ErrorInfo = { componentStack?: string };
type InternalVNode = VNode & { __?: InternalVNode | null };
type CatchError = (error: unknown, vnode: InternalVNode, oldVNode?: InternalVNode, errorInfo?: ErrorInfo) => void;

const hooks = options as typeof options & { __e: CatchError };
const catchError = hooks.__e;

hooks.__e = (error, vnode, oldVNode, errorInfo) =>
  catchError(error, vnode, oldVNode, { ...errorInfo, componentStack: errorInfo?.componentStack ?? componentStack(vnode) });

function componentStack(vnode: InternalVNode): string {
  let stack = '';
  for (let node: InternalVNode | null | undefined = vnode; node; node = node.__) {
    if (typeof node.type === 'function') stack += `\n    at ${node.type.displayName || node.type.name || 'Anonymous'}`;
  }
  return stack;
}
