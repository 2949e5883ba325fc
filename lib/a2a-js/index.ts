/** `parley-a2a/a2a-js`: the guard for @a2a-js/sdk 1.x clients (docs/library.md). */
export {
  CardRejectedError,
  parleyInterceptor,
  PushRefusedError,
  type DecisionEvent,
  type GuardedCall,
  type ParleyInterceptorOptions,
} from "./interceptor";
export { CardResolveError, parleyCardResolver, RESOLVER_LIMITS, type CardResolveErrorCode, type ParleyCardResolverOptions } from "./card-resolver";
export { MAX_PART_MODES } from "./call-class";
