import type { RouteObject } from 'react-router-dom';

/** Content screens relative to /admin, before the generic ones of the same paths. */
export const contentRoutes: RouteObject[] = [
  {
    path: 'general/articles',
    handle: { action: 'list', subject: 'articles', title: 'Bài viết' },
    lazy: async () => ({ Component: (await import('./articles-list')).ArticlesListPage }),
  },
  {
    path: 'general/articles/create',
    handle: { action: 'create', subject: 'articles', title: 'Viết bài mới' },
    lazy: async () => ({ Component: (await import('./article-form')).ArticleCreatePage }),
  },
  {
    path: 'general/articles/:id/edit',
    handle: { action: 'update', subject: 'articles', title: 'Sửa bài viết' },
    lazy: async () => ({ Component: (await import('./article-form')).ArticleEditPage }),
  },
  {
    path: 'general/images',
    handle: { action: 'list', subject: 'config_image', title: 'Thư viện ảnh' },
    lazy: async () => ({ Component: (await import('./images')).ImagesListPage }),
  },
  {
    path: 'general/images/:id/detail',
    handle: { action: 'read', subject: 'config_image', title: 'Chi tiết ảnh' },
    lazy: async () => ({ Component: (await import('./images')).ImageDetailPage }),
  },
  {
    path: 'libraries/:id/detail',
    handle: { action: 'read', subject: 'libraries', title: 'Chi tiết thư viện' },
    lazy: async () => ({ Component: (await import('./album-order')).LibraryDetailPage }),
  },
];
