import * as React from "react"

interface QueryErrorResetBoundaryValue {
  clearReset: () => void
  isReset: () => boolean
  reset: () => void
}
declare const useQueryErrorResetBoundary: () => QueryErrorResetBoundaryValue
interface QueryErrorResetBoundaryProps {
  children:
    | ((
        value: QueryErrorResetBoundaryValue,
      ) => React.ReactNode)
    | React.ReactNode
}
declare const QueryErrorResetBoundary: ({
  children,
}: QueryErrorResetBoundaryProps) => React.JSX.Element

export {
  QueryErrorResetBoundary,
  QueryErrorResetBoundaryProps,
  QueryErrorResetBoundaryValue,
  useQueryErrorResetBoundary,
}
