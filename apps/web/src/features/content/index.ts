import { defineFeature } from '../../app/feature';
import { contentRoutes } from './routes';

/**
 * Website content (issue 17, part A): the articles list with the workflow (publish, schedule, take
 * down), the article form with tags made on the fly, a preview and the revisions, and the media
 * library with its multi-upload. Article types, categories, tags, videos and libraries use the
 * generic screens of their declarations.
 */
export default defineFeature({ name: 'content', routes: contentRoutes });
