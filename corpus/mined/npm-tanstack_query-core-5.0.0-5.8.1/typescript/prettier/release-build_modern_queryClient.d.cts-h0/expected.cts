export { b as QueryClient } from "./queryClient-65193a81.js"
import "./removable.cjs"
import "./subscribable.cjs"
