const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Vietnamese mail carrying a one-time reset link. */
export function resetMail(user: { full_name: string; username: string }, link: string, minutes: number) {
  const name = user.full_name || user.username;
  const subject = 'Đặt lại mật khẩu tài khoản Nông nghiệp số';
  const text = [
    `Xin chào ${name},`,
    '',
    `Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản "${user.username}".`,
    `Mở liên kết sau để đặt mật khẩu mới (hiệu lực ${minutes} phút, chỉ dùng được một lần):`,
    link,
    '',
    'Nếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu của bạn không thay đổi.',
  ].join('\n');
  const html = `<p>Xin chào ${esc(name)},</p>
<p>Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản <b>${esc(user.username)}</b>.</p>
<p><a href="${esc(link)}">Đặt mật khẩu mới</a> (hiệu lực ${minutes} phút, chỉ dùng được một lần).</p>
<p>Nếu nút không mở được, hãy sao chép địa chỉ sau vào trình duyệt:<br>${esc(link)}</p>
<p>Nếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu của bạn không thay đổi.</p>`;
  return { subject, text, html };
}
