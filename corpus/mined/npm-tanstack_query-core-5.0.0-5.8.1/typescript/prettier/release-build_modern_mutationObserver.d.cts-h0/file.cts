import "./subscribable.cjs"
export { d as MutationObserver } from "./queryClient-c9f8057a.js"
import "./removable.cjs"
