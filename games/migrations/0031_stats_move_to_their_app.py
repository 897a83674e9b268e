from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0030_webhooks_move_to_their_app'),
    ]

    # The models moved to the stats app (games.stats); their tables stay as they are.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='Rating',
                ),
                migrations.DeleteModel(
                    name='RatingsPending',
                ),
            ],
            database_operations=[],
        ),
    ]
