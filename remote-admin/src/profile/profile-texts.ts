// Timings of the profile page (docs/product-rules.md#constants); its texts are in the catalogue (src/i18n).
/** Success texts clear after about 1 s; password error texts after 2 s. */
export const SUCCESS_TEXT_MS = 1000;
export const PASSWORD_ERROR_MS = 2000;
