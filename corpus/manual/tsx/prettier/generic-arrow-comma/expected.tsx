import React from "react";

export const first = <T,>(items: readonly T[]): T | undefined => items[0];

export function Card({ title, body }: { title: string; body: string }) {
  return (
    <section className="card">
      <h2>{title}</h2>
      <p>{body}</p>
    </section>
  );
}
