from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('webhooks', '0002_round_events'),
    ]

    operations = [
        migrations.AlterField(
            model_name='webhookdelivery',
            name='event',
            field=models.CharField(choices=[('hand.recorded', 'Hand recorded'), ('hand.amended', 'Hand amended'), ('hand.deleted', 'Hand deleted'), ('session.closed', 'Session closed'), ('import.finished', 'Import finished'), ('round.published', 'Event round published'), ('round.finished', 'Event round finished'), ('penalty.recorded', 'Penalty recorded'), ('penalty.amended', 'Penalty amended'), ('penalty.deleted', 'Penalty deleted')], max_length=32),
        ),
    ]
