"""The dashboard's rules without a browser (they hold where no Chromium is installed too): the
application on a real store, with Discord's answers and the live tables played by fakes.

A login link signs in once; the cookie is HttpOnly and SameSite=Lax; a server page needs the
session's server and Discord's Manage Server now; every post needs the session's CSRF token; a
logged-out cookie is refused; pages speak the browser's language."""

from __future__ import annotations

from bot.web.auth import COOKIE, csrf_of, new_login_link
from tests.web.site import ADMIN, GUILD, OTHER, TABLE, Site, form_token, sign_in, site

__all__ = ["site"]


async def test_a_link_signs_in_once(
    site: Site,
) -> None:
    client, store, _api, _tables = site
    link = await new_login_link(store, "http://dashboard.test", ADMIN, GUILD)
    path = link.removeprefix("http://dashboard.test")
    page = await client.get(path)  # reading the page (a link preview) spends nothing
    assert page.status == 200 and "Log in" in await page.text()
    assert page.headers["Referrer-Policy"] == "no-referrer"
    token = form_token(await page.text())
    first = await client.post(path, data={"csrf": token}, allow_redirects=False)
    assert first.status == 303
    token = form_token(await (await client.get(path)).text())  # its page again
    again = await client.post(path, data={"csrf": token}, allow_redirects=False)
    assert again.status == 403 and "already used" in await again.text()
    assert again.headers["Content-Security-Policy"].startswith("default-src 'none'")


async def test_another_sites_post_of_a_link_signs_nobody_in_and_spends_nothing(
    site: Site,
) -> None:
    """A login CSRF: another site posting its own link from a victim's browser (which sends
    no cookie of this site with it, SameSite) would sign the victim in as the link's owner."""
    client, store, _api, _tables = site
    link = await new_login_link(store, "http://dashboard.test", ADMIN, GUILD)
    path = link.removeprefix("http://dashboard.test")
    page = await client.get(path)
    token = form_token(await page.text())
    client.session.cookie_jar.clear()  # the post of another site: no cookie of ours
    for form in ({}, {"csrf": token}):
        forged = await client.post(path, data=form, allow_redirects=False)
        assert forged.status == 403 and "This form is out of date" in await forged.text()
        assert COOKIE not in forged.cookies
    page = await client.get(path)  # the link itself still works, from its page
    wrong = await client.post(path, data={"csrf": "0" * 64}, allow_redirects=False)
    assert wrong.status == 403 and COOKIE not in wrong.cookies
    used = await client.post(
        path, data={"csrf": form_token(await page.text())}, allow_redirects=False
    )
    assert used.status == 303 and COOKIE in used.cookies


async def test_the_server_page_and_its_posts_are_refused_unless_allowed_now(
    site: Site,
) -> None:
    client, store, api, tables = site
    cookie = await sign_in(client, store)
    page = await client.get(f"/servers/{GUILD}")
    text = await page.text()
    assert page.status == 200 and "#poker · no hand running" in text
    assert "Alice &lt;b&gt;" in text and "Alice <b>" not in text  # names escaped
    assert (await client.get(f"/servers/{OTHER}")).status == 404  # not this session's server
    for form in ({}, {"csrf": "0" * 64}):
        forged = await client.post(f"/servers/{GUILD}/tables/{TABLE}/pause", data=form)
        assert forged.status == 403
    assert tables.calls == []
    paused = await client.post(
        f"/servers/{GUILD}/tables/{TABLE}/pause", data={"csrf": csrf_of(cookie)}
    )
    assert paused.status == 200 and str(paused.url).endswith("?said=paused_now")
    assert tables.calls == [(GUILD, TABLE, ADMIN)]
    # Manage Server taken away: the next page and the next post are refused.
    api.managers.clear()
    assert (await client.get(f"/servers/{GUILD}")).status == 403
    resume = await client.post(
        f"/servers/{GUILD}/tables/{TABLE}/resume", data={"csrf": csrf_of(cookie)}
    )
    assert resume.status == 403 and len(tables.calls) == 1
    # The bot removed from the server: the page does not exist any more.
    api.bot_left = True
    gone = await client.get(f"/servers/{GUILD}")
    assert gone.status == 404 and "There is no such server page." in await gone.text()
    # Logged out: the same cookie is refused.
    out = await client.post("/logout", data={"csrf": csrf_of(cookie)}, allow_redirects=False)
    assert out.status == 303
    client.session.cookie_jar.update_cookies({COOKIE: cookie})
    assert (await client.get("/hands")).status == 401


async def test_pages_speak_the_browsers_language(
    site: Site,
) -> None:
    client, _store, _api, _tables = site
    home = await client.get("/", headers={"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.8"})
    text = await home.text()
    assert '<html lang="hu">' in text and "Deuce irányítópult" in text
