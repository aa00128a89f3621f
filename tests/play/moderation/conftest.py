import pytest
from django.contrib.auth.models import Group


@pytest.fixture
def moderator(make_user):
    user = make_user("warden")
    user.is_staff = True
    user.save()
    user.groups.add(Group.objects.get(name="Moderators"))
    return user
