export {
  Q as QueryCache,
  a as QueryCacheNotifyEvent,
  b8 as QueryStore,
} from "./queryClient-c9f8057a.js"
import "./subscribable.cjs"
import "./removable.cjs"
