/** `parley-a2a/a2a-js`: the guard for @a2a-js/sdk 1.x clients (docs/library.md). */
export {
  CardRejectedError,
  parleyCardResolver,
  parleyInterceptor,
  PushRefusedError,
  type DecisionEvent,
  type GuardedCall,
  type ParleyInterceptorOptions,
} from "./interceptor";
