"""The forum's pages: boards, a thread page by page, a reply, a quote, an edit, reactions,
following, the keepers' buttons; a private board's pages are no one else's, and what they try
changes nothing."""

import pytest

from play.clubs import clubs
from play.forum import forum
from play.models import Club, Post, Reaction, Thread

pytestmark = pytest.mark.django_db


def test_the_forum_lists_the_sites_boards_and_the_readers_clubs(club, founder, client_of, client):
    page = client.get("/forum/").content.decode()
    for name in ["Empress", "Imperial Chess", "General talk", "Feedback on Imperia"]:
        assert f">{name}</a>" in page
    assert "Your clubs&#x27; boards" not in page and "Your clubs' boards" not in page
    mine = client_of(founder).get("/forum/").content.decode()
    assert 'href="/forum/club-empress-circle/">Empress Circle</a>' in mine


def test_a_thread_started_and_answered_from_its_pages(general, writer, established, client_of):
    client = client_of(writer)
    answer = client.post("/forum/general/", {"title": "Hello", "text": "**Hi** all"})
    thread = Thread.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/forum/general/{thread.pk}/"
    page = client.get(f"/forum/general/{thread.pk}/").content.decode()
    assert "<strong>Hi</strong> all" in page and 'id="post-1"' in page
    other = client_of(established("oli"))
    quote = other.get(f"/forum/general/{thread.pk}/?quote=1").content.decode()
    assert "&gt; **@wes:**\n&gt;\n&gt; **Hi** all\n\n</textarea>" in quote
    answer = other.post(f"/forum/general/{thread.pk}/", {"text": "> **@wes:**\n> Hi\n\nHello!"})
    assert answer["Location"] == f"/forum/general/{thread.pk}/#post-2"
    page = other.get(f"/forum/general/{thread.pk}/").content.decode()
    assert "<blockquote>" in page and "Hello!" in page


def test_a_long_thread_is_read_page_by_page(talk, writer, client):
    for i in range(2, 46):
        Post.objects.create(thread=talk, number=i, author=writer, text=f"post {i}",
                            created_at=talk.created_at)  # fmt: skip
    Thread.objects.filter(pk=talk.pk).update(posts_count=45)
    second = client.get(f"/forum/general/{talk.pk}/?page=2").content.decode()
    assert "post 21" in second and "post 40" in second and "post 41" not in second
    assert "Page 2 of 3" in second
    last = client.get(f"/forum/general/{talk.pk}/?page=999").content.decode()
    assert "post 45" in last and "Page 3 of 3" in last
    assert client.get(f"/forum/general/{talk.pk}/?page=x").status_code == 400
    assert client.get(f"/forum/general/{'9' * 5000}/").status_code == 400
    assert client.get("/forum/general/999999/").status_code == 404


def test_an_edit_and_a_reaction_from_the_page(talk, writer, established, client_of):
    post = talk.posts.get()
    client = client_of(writer)
    assert (
        f'href="/forum/post/{post.pk}/edit/"'
        in client.get(f"/forum/general/{talk.pk}/").content.decode()
    )
    client.post(f"/forum/post/{post.pk}/edit/", {"text": "Which move? Edited."})
    assert Post.objects.get().text == "Which move? Edited."
    other = client_of(established("oli"))
    assert other.get(f"/forum/post/{post.pk}/edit/").status_code == 403
    assert other.post(f"/forum/post/{post.pk}/edit/", {"text": "Mine"}).status_code == 403
    other.post(f"/forum/post/{post.pk}/react/", {"kind": "agree"})
    assert list(Reaction.objects.values_list("kind", flat=True)) == ["agree"]
    assert (
        'aria-pressed="true">Agreed 1</button>'
        in other.get(f"/forum/general/{talk.pk}/").content.decode()
    )
    answer = other.post(f"/forum/post/{post.pk}/react/", {"kind": "nonsense"}, follow=True)
    assert "There is no such reaction." in answer.content.decode()
    assert Post.objects.get().text == "Which move? Edited."


def test_a_non_member_posting_in_a_private_board_is_refused_with_nothing_changed(
    club, founder, established, client_of
):
    board = forum.board_of(club)
    thread = forum.start_thread(founder, board, "Members only", "Secret plans")
    outsider = client_of(established("out"))
    for address in ["/forum/club-empress-circle/", f"/forum/club-empress-circle/{thread.pk}/"]:
        assert outsider.get(address).status_code == 404
    assert (
        outsider.post("/forum/club-empress-circle/", {"title": "Hi", "text": "x"}).status_code
        == 404
    )
    assert (
        outsider.post(f"/forum/club-empress-circle/{thread.pk}/", {"text": "x"}).status_code == 404
    )
    post = thread.posts.get()
    assert outsider.post(f"/forum/post/{post.pk}/react/", {"kind": "agree"}).status_code == 404
    assert (Thread.objects.count(), Post.objects.count(), Reaction.objects.count()) == (1, 1, 0)
    Club.objects.filter(pk=club.pk).update(forum=Club.Forum.PUBLIC)
    page = outsider.get(f"/forum/club-empress-circle/{thread.pk}/").content.decode()
    assert "Secret plans" in page and "Only the club&#x27;s members write on its board." in page
    answer = outsider.post(f"/forum/club-empress-circle/{thread.pk}/", {"text": "x"})
    assert answer.status_code == 403 and Post.objects.count() == 1


def test_the_keepers_buttons_are_theirs_alone(talk, writer, established, client_of):
    staff = established("mod")
    staff.is_staff = True
    staff.save()
    writer_page = client_of(writer).get(f"/forum/general/{talk.pk}/").content.decode()
    assert "Lock</button>" not in writer_page
    answer = client_of(writer).post(f"/forum/general/{talk.pk}/lock/", follow=True)
    assert "Only the moderators" in answer.content.decode()
    keeper = client_of(staff)
    assert "Lock</button>" in keeper.get(f"/forum/general/{talk.pk}/").content.decode()
    keeper.post(f"/forum/general/{talk.pk}/lock/")
    keeper.post(f"/forum/general/{talk.pk}/move/", {"board": "feedback"})
    talk.refresh_from_db()
    assert (talk.locked, talk.board.slug) == (True, "feedback")
    page = client_of(writer).get(f"/forum/feedback/{talk.pk}/").content.decode()
    assert "This thread is closed." in page and "Post the reply" not in page


def test_following_from_the_page(talk, writer, established, client_of):
    other = established("oli")
    client_of(other).post(f"/forum/general/{talk.pk}/follow/")
    assert talk.followers.filter(user=other).exists()
    client_of(other).post(f"/forum/general/{talk.pk}/unfollow/")
    assert not talk.followers.filter(user=other).exists()


def test_a_club_member_sees_the_forum_link(club, founder, client_of):
    clubs.join(founder, club)
    page = client_of(founder).get("/club/empress-circle/").content.decode()
    assert 'href="/forum/club-empress-circle/">The club\'s forum</a>' in page
