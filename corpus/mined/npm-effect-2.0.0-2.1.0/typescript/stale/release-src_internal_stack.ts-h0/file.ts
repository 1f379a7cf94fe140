/** @internal */
export class Stack<out A> {
  constructor(readonly value: A, readonly previous?: Stack<A>) {}
}

export const make = <A>(value: A, previous?: Stack<A>): Stack<A> => ({
  value,
  previous
})
