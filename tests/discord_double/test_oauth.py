"""The double's OAuth2 code flow, as an application's server meets it: the consent page, the
redirect with code and state, the token exchange (once per code, with the right secret and
redirect), the bearer's user and servers; and a member's permissions as roles over REST."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import aiohttp

from tests.discord_double import ADMIN_MEMBER_PERMISSIONS, DiscordDouble
from tests.discord_double.oauth import CLIENT_SECRET

REDIRECT = "http://127.0.0.1:9/oauth/callback"


async def test_the_code_flow_from_consent_to_the_members_servers(double: DiscordDouble) -> None:
    guild = await double.add_guild("Club")
    admin = await double.add_member(guild, "admin", permissions=ADMIN_MEMBER_PERMISSIONS)
    member = await double.add_member(guild, "alice")
    other = await double.add_guild("Elsewhere")
    double.oauth.signed_in = admin
    query = {
        "client_id": str(double.application_id),
        "response_type": "code",
        "redirect_uri": REDIRECT,
        "scope": "identify guilds",
        "state": "s1",
    }
    api = double.api_base
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{api}/oauth2/authorize", params=query) as page:
            assert page.status == 200 and "Signed in as <b>admin</b>" in await page.text()
        async with http.post(f"{api}/oauth2/authorize", data=query, allow_redirects=False) as back:
            assert back.status == 302
            location = urlparse(back.headers["Location"])
        answer = parse_qs(location.query)
        assert location.path == "/oauth/callback" and answer["state"] == ["s1"]
        trade = {
            "client_id": str(double.application_id),
            "client_secret": CLIENT_SECRET,
            "grant_type": "authorization_code",
            "code": answer["code"][0],
            "redirect_uri": REDIRECT,
        }
        async with http.post(f"{api}/oauth2/token", data={**trade, "client_secret": "no"}) as bad:
            assert bad.status == 401
        async with http.post(f"{api}/oauth2/token", data=trade) as good:
            token = (await good.json())["access_token"]
        async with http.post(f"{api}/oauth2/token", data=trade) as again:
            assert again.status == 400  # a code is good once
        bearer = {"Authorization": f"Bearer {token}"}
        async with http.get(f"{api}/users/@me", headers=bearer) as me:
            assert (await me.json())["id"] == str(admin.id)
        async with http.get(f"{api}/users/@me/guilds", headers=bearer) as guilds:
            listed = await guilds.json()
        assert [(g["id"], int(g["permissions"])) for g in listed] == [
            (str(guild.id), ADMIN_MEMBER_PERMISSIONS)
        ]
        assert str(other.id) not in str(listed)
        bot = {"Authorization": f"Bot {double.token}"}
        async with http.get(f"{api}/guilds/{guild.id}/members/{admin.id}", headers=bot) as got:
            roles = (await got.json())["roles"]
        async with http.get(f"{api}/guilds/{guild.id}/members/{member.id}", headers=bot) as got:
            assert (await got.json())["roles"] == []
        async with http.get(f"{api}/guilds/{guild.id}", headers=bot) as got:
            by_id = {r["id"]: int(r["permissions"]) for r in (await got.json())["roles"]}
        assert [by_id[r] for r in roles] == [ADMIN_MEMBER_PERMISSIONS]
        double.oauth.revoke_all()
        async with http.get(f"{api}/users/@me", headers=bearer) as revoked:
            assert revoked.status == 401
