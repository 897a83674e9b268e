from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_score_real_loss"),
    ]

    operations = [
        migrations.AddField(
            model_name="score",
            name="east_run",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
    ]
