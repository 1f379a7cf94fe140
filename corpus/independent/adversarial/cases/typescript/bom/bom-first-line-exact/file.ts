import x from "y";
export const z = x;
