import "./subscribable.cjs"
export { d as MutationObserver } from "./queryClient-65193a81.js"
import "./removable.cjs"
