// Kept apart from the schemas so code that only needs these does not pull in zod.
/** SPEC §5 and §8 texts for images (post images and avatars), verbatim. */
export const UPLOAD_MESSAGES = {
  imageType: 'Please select an image file.',
  imageTooLarge: 'Image too large (>5MB).',
  imagePixels: 'Image dimensions too large.',
  imageUnknown: 'Please upload the image again.',
  uploadFailed: 'Image upload failed.',
} as const;
