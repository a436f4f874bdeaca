/** The admin's password in every test database (global-setup.ts seeds it into the template). */
export const ADMIN_PASSWORD = 'Admin@12345';
