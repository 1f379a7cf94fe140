export { b as QueryClient } from "./queryClient-c9f8057a.js"
import "./removable.cjs"
import "./subscribable.cjs"
