import { d as devtools } from "./devtools-5fd5b190.js"
import "react"
import "@tanstack/query-devtools"
import "@tanstack/react-query"

declare const ReactQueryDevtools: (typeof devtools)["ReactQueryDevtools"]

export { ReactQueryDevtools }
