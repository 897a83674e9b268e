from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0031_stats_move_to_their_app'),
    ]

    # The model moved to the imports app (games.importing); its table stays as it is.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='ImportJob',
                ),
            ],
            database_operations=[],
        ),
    ]
