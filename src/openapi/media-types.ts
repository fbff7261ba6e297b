// The media types a table reads and sends: one syntax for every place a description or a table names one.
import { isToken } from "../http/tokens.js";

export const FORM_TYPE = "application/x-www-form-urlencoded";
export const MULTIPART_TYPE = "multipart/form-data";

/**
 * `type/subtype`, two tokens, then any parameters: one media type a table can send (`image/png, image/jpeg` is two,
 * and `*` is a token, so `*\/*` is one).
 */
export function isMediaType(text: string): boolean {
  const semicolon = text.indexOf(";");
  const [kind, subtype, ...rest] = (semicolon === -1 ? text : text.slice(0, semicolon)).trim().split("/");
  return isToken(kind ?? "") && isToken(subtype ?? "") && rest.length === 0 && !text.includes(",");
}

/** `application/x-www-form-urlencoded`, with parameters or not, in any case. */
export function isFormType(type: string): boolean {
  return type.toLowerCase().startsWith(FORM_TYPE);
}

/** `multipart/form-data`, with parameters or not, in any case. */
export function isMultipartType(type: string): boolean {
  return type.toLowerCase().startsWith(MULTIPART_TYPE);
}
