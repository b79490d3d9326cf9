/**
 * The one-column phone layout, as the stylesheets' `@media (max-width: 767px)` rules draw it
 * (ThreeColumnLayout's grid among them); CSS cannot import it, so those rules repeat the number.
 */
export const PHONE_MEDIA = '(max-width: 767px)';
