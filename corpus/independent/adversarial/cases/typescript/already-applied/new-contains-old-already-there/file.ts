import { a } from "a";
import { b } from "b";

export const x = a + b;
