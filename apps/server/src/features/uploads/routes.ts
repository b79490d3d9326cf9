import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireImagePart } from '../../lib/multipart';
import { errorResponses, SECURITY, UNVERIFIED } from '../../lib/openapi';
import { route } from '../../lib/route';
import { ACCOUNT_LIMITS } from '../../plugins/account-limits';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { uploadPostImage } from './service';

const DAILY_QUOTA_TEXT = `${ACCOUNT_LIMITS.uploads.max} images or ${ACCOUNT_LIMITS.uploadBytes.max / 1024 ** 2} MB`;

const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'uploadImage',
    {
      summary: 'Upload an image for a post',
      description:
        "multipart/form-data with one file, `image`. The answer's `url` goes in `POST /api/post`.",
      tags: ['uploads'],
      security: SECURITY.member,
      errors: errorResponses(
        { 400: 'No `image` file, or a form that cannot be read.' },
        401,
        UNVERIFIED,
        { 413: 'The image is over 5 MB, has too many pixels or a side too long.' },
        { 415: 'Not multipart, or the file is not an image.' },
        {
          429: `Too many uploads from this address, or the member stored the day's ${DAILY_QUOTA_TEXT}.`,
        },
        503,
        507,
      ),
    },
    async (request, reply) => {
      const image = await requireImagePart(request, 'image');
      const url = await uploadPostImage(app.db, app.storage, currentUser(request).id, image);
      return reply.status(201).send({ url });
    },
  );
};
// Uploading takes a confirmed e-mail address.
export default guarded('requireVerified', uploadsRoutes);
