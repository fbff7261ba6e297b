/** An RFC 6570 varname for a parameter name: a character other than a letter, digit or `_` percent-encoded (`user-id` → `user%2Did`). */
export function varname(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/gu, percentEncode);
}

export function percentEncode(character: string): string {
  return [...new TextEncoder().encode(character)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
    .join("");
}
