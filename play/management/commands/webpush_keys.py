from django.core.management.base import BaseCommand

from play.webpush import keys


class Command(BaseCommand):
    help = (
        "Make the site's VAPID keys for web push into var/ (readable by this user alone) unless "
        "there are some, and print the public key browsers subscribe with."
    )

    def handle(self, *args, **options):
        made = keys.make()
        where = "the settings" if not made and not keys.path().exists() else keys.path()
        self.stdout.write(f"{'made' if made else 'kept'}: {where}\npublic key: {keys.public()}")
