/** @internal */
export interface Stack<out A> {
  readonly value: A
  readonly previous: Stack<A> | undefined
}
